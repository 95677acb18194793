// The todo list of the basic tutorial, on the real `recoil` package. Stage "atoms": add,
// edit, toggle, delete; stage "selectors" adds the filter and the statistics, as the
// tutorial does. Each demo has its own <RecoilRoot>, so its state is its own.
import {useState} from 'react';
import {atom, RecoilRoot, selector, useRecoilState, useRecoilValue, useSetRecoilState} from 'recoil';
import type {PropsOf} from '../app/pageCode';
import {DemoFrame} from './DemoFrame';

interface Todo {
  id: number;
  text: string;
  isComplete: boolean;
}
type Filter = 'Show All' | 'Show Completed' | 'Show Uncompleted';

const todoListState = atom<Todo[]>({key: 'demo/todoListState', default: []});
const todoListFilterState = atom<Filter>({key: 'demo/todoListFilterState', default: 'Show All'});

const filteredTodoListState = selector<Todo[]>({
  key: 'demo/filteredTodoListState',
  get: ({get}) => {
    const filter = get(todoListFilterState);
    const list = get(todoListState);
    if (filter === 'Show Completed') return list.filter((t) => t.isComplete);
    if (filter === 'Show Uncompleted') return list.filter((t) => !t.isComplete);
    return list;
  },
});

const todoListStatsState = selector({
  key: 'demo/todoListStatsState',
  get: ({get}) => {
    const list = get(todoListState);
    const totalNum = list.length;
    const totalCompletedNum = list.filter((t) => t.isComplete).length;
    return {
      totalNum,
      totalCompletedNum,
      totalUncompletedNum: totalNum - totalCompletedNum,
      percentCompleted: totalNum === 0 ? 0 : (totalCompletedNum / totalNum) * 100,
    };
  },
});

let lastId = 0;
const replaceItemAtIndex = <T,>(list: T[], index: number, item: T) => list.map((x, i) => (i === index ? item : x));
const removeItemAtIndex = <T,>(list: T[], index: number) => list.filter((_, i) => i !== index);

function TodoItemCreator() {
  const [draft, setDraft] = useState('');
  const setTodoList = useSetRecoilState(todoListState);
  const add = () => {
    const text = draft.trim();
    if (!text) return;
    setTodoList((list) => [...list, {id: ++lastId, text, isComplete: false}]);
    setDraft('');
  };
  return (
    <form
      className="demo__row"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <input
        className="demo__input"
        type="text"
        value={draft}
        placeholder="要做点什么？"
        aria-label="新事项"
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="button button--primary">
        添加
      </button>
    </form>
  );
}

function TodoItem({item}: {item: Todo}) {
  const [todoList, setTodoList] = useRecoilState(todoListState);
  const index = todoList.findIndex((t) => t.id === item.id);
  const update = (changes: Partial<Todo>) => setTodoList(replaceItemAtIndex(todoList, index, {...item, ...changes}));
  return (
    <li className="demo__row demo__item">
      <input
        className="demo__input"
        type="text"
        value={item.text}
        aria-label="事项内容"
        onChange={(e) => update({text: e.target.value})}
      />
      <input
        type="checkbox"
        checked={item.isComplete}
        aria-label={`完成：${item.text}`}
        onChange={() => update({isComplete: !item.isComplete})}
      />
      <button
        type="button"
        className="button"
        onClick={() => setTodoList(removeItemAtIndex(todoList, index))}
        aria-label={`删除：${item.text}`}
      >
        删除
      </button>
    </li>
  );
}

function TodoListFilters() {
  const [filter, setFilter] = useRecoilState(todoListFilterState);
  return (
    <label className="demo__filter">
      筛选：
      <select value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
        <option value="Show All">全部</option>
        <option value="Show Completed">已完成</option>
        <option value="Show Uncompleted">未完成</option>
      </select>
    </label>
  );
}

function TodoListStats() {
  const {totalNum, totalCompletedNum, totalUncompletedNum, percentCompleted} = useRecoilValue(todoListStatsState);
  return (
    <ul className="demo__stats" aria-label="统计">
      <li>总数：{totalNum}</li>
      <li>已完成：{totalCompletedNum}</li>
      <li>未完成：{totalUncompletedNum}</li>
      <li>完成率：{Math.round(percentCompleted)}%</li>
    </ul>
  );
}

function TodoList({withSelectors}: {withSelectors: boolean}) {
  // The atoms stage reads the list itself; the selectors stage reads the filtered view.
  const list = useRecoilValue(withSelectors ? filteredTodoListState : todoListState);
  return (
    <>
      {withSelectors && <TodoListStats />}
      {withSelectors && <TodoListFilters />}
      <TodoItemCreator />
      <ul className="demo__list" aria-label="待办事项">
        {list.map((item) => (
          <TodoItem key={item.id} item={item} />
        ))}
      </ul>
    </>
  );
}

export default function TodoListDemo({stage}: PropsOf<'TodoListDemo'>) {
  return (
    <DemoFrame title={stage === 'atoms' ? '在线演示：待办清单（原子阶段）' : '在线演示：待办清单（选择器阶段）'}>
      <RecoilRoot>
        <TodoList withSelectors={stage === 'selectors'} />
      </RecoilRoot>
    </DemoFrame>
  );
}
