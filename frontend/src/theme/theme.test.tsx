import {renderToString} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {useSite, useThemeContext} from '../app/contexts';
import type {NavItem} from '../schema';
import {activeItem} from './Navbar';

function UsesTheme() {
  useThemeContext();
  return null;
}

function UsesSite() {
  useSite();
  return null;
}

describe('contexts', () => {
  it('theme context outside the layout throws a clear error', () => {
    expect(() => renderToString(<UsesTheme />)).toThrow(/outside the layout/);
    expect(() => renderToString(<UsesSite />)).toThrow(/outside the site layout/);
  });
});

describe('navbar active item', () => {
  const link = (label: string, base: string): NavItem => ({
    type: 'link',
    label,
    position: 'left',
    to: base,
    activeBasePath: base,
  });
  const items = [link('文档', '/docs'), link('博客', '/blog'), link('Sync', '/docs/recoil-sync'), link('Refine', '/docs/refine')];
  it('marks the longest matching section', () => {
    expect(activeItem(items, '/docs/introduction/motivation')).toBe(0);
    expect(activeItem(items, '/docs/recoil-sync/api/syncEffect')).toBe(2);
    expect(activeItem(items, '/docs/refine')).toBe(3);
    expect(activeItem(items, '/blog/page/2')).toBe(1);
    expect(activeItem(items, '/docsx')).toBe(-1);
    expect(activeItem(items, '/')).toBe(-1);
  });
});
