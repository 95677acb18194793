// The character counter the getting-started page builds, running on the real `recoil`
// package: an atom holds the text, a selector derives its length.
import type {ChangeEvent} from 'react';
import {atom, RecoilRoot, selector, useRecoilState, useRecoilValue} from 'recoil';
import {DemoFrame} from './DemoFrame';

const inputTextState = atom({
  key: 'demo/inputTextState',
  default: '',
});

const textLengthState = selector({
  key: 'demo/textLengthState',
  // Code points, so an emoji counts as one character (as on the page).
  get: ({get}) => Array.from(get(inputTextState)).length,
});

function TextField() {
  const [text, setText] = useRecoilState(inputTextState);
  return (
    <div>
      <input
        type="text"
        className="demo__input"
        value={text}
        placeholder="随便输入点什么"
        aria-label="输入文字"
        onChange={(e: ChangeEvent<HTMLInputElement>) => setText(e.target.value)}
      />
      <p data-testid="echo">你输入了：{text}</p>
    </div>
  );
}

function LengthDisplay() {
  const count = useRecoilValue(textLengthState);
  return <p data-testid="count">字符数：{count}</p>;
}

export default function CharacterCounterDemo() {
  return (
    <DemoFrame title="在线演示：字符计数器">
      <RecoilRoot>
        <TextField />
        <LengthDisplay />
      </RecoilRoot>
    </DemoFrame>
  );
}
