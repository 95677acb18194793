import {beforeEach, describe, expect, it} from 'vitest';
import type {CodeBlock} from '../schema';
import {codeText} from './CodeBlock';
import {choice, choose, enableStoredChoices, subscribe} from './tabChoices';

describe('code blocks', () => {
  it('copies the code text without line numbers or markup', () => {
    const code: CodeBlock = {lang: 'js', lines: [[['k', 'const'], ' a = ', ['n', '1'], ';'], [], ['b();']], lineNumbers: true};
    expect(codeText(code)).toBe('const a = 1;\n\nb();');
  });
});

describe('tab choices', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });

  it('is empty until hydration, then shared and stored under the prefix', () => {
    store.set('tabs.pm', 'yarn');
    expect(choice('pm')).toBeUndefined();
    let calls = 0;
    const off = subscribe(() => calls++);
    enableStoredChoices();
    expect(choice('pm')).toBe('yarn');
    choose('pm', 'npm');
    expect(choice('pm')).toBe('npm');
    expect(store.get('tabs.pm')).toBe('npm');
    expect(calls).toBe(2);
    off();
  });
});
