import {renderToString} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {SiteData} from '../schema';
import {RouterContext, type RouterState, SiteContext, useRouter, useSite} from './contexts';
import {makeReused, Reused} from './reused';

const router: RouterState = {route: '/', search: '', navigate: () => {}, prefetch: () => {}};
let renders = 0;

/** Text nodes side by side (React writes `<!-- -->` between them) and both app contexts read. */
function Inner({label}: {label: string}) {
  renders++;
  const site = useSite();
  const {route} = useRouter();
  return (
    <>
      {label}
      {site.title}
      <a href={route}>{label}</a> & {'<'}
    </>
  );
}

/** One page's render of the part under `key` (the prerender's order: render, then make). */
function page(site: SiteData, key: string, label: string): string {
  const html = renderToString(
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <main>
          <Reused reuseKey={key} tag="nav" attrs={{className: 'n', 'aria-label': '导航'}}>
            <Inner label={label} />
          </Reused>
        </main>
      </RouterContext.Provider>
    </SiteContext.Provider>,
  );
  makeReused(renderToString);
  return html;
}

describe('a part reused by the prerender', () => {
  it('is rendered inline once, then its markup is the same without rendering it again', () => {
    const site = {title: '站点'} as SiteData;
    renders = 0;
    const first = page(site, 'k', '一');
    expect(first).toBe('<main><nav class="n" aria-label="导航">一<!-- -->站点<a href="/">一</a> &amp; <!-- -->&lt;</nav></main>');
    expect(renders).toBe(2); // inline, then alone to make its markup
    expect(page(site, 'k', '一')).toBe(first);
    expect(renders).toBe(2);
  });

  it('is made anew for another key and for another site', () => {
    const site = {title: '甲'} as SiteData;
    renders = 0;
    expect(page(site, 'a', '一')).toContain('>一<!-- -->甲<a');
    expect(page(site, 'b', '二')).toContain('>二<!-- -->甲<a');
    expect(page({title: '乙'} as SiteData, 'a', '一')).toContain('>一<!-- -->乙<a');
    expect(renders).toBe(6);
  });

  it('is never reused for `dev`, whose processes outlive a rebuild', () => {
    const site = {title: '开发', dev: true} as SiteData;
    renders = 0;
    const first = page(site, 'k', '一');
    expect(page(site, 'k', '一')).toBe(first);
    expect(page(site, 'k', '一')).toBe(first);
    expect(renders).toBe(3); // inline each time, never alone
  });
});
