// The entry script starts after the page's first paint, not beside the stylesheet.
//
// Every page arrives as complete server HTML that reads without JavaScript (the article is not
// even hydrated), so what a reader on a slow link waits for first is the paint: HTML and CSS.
// A module script in <head> is fetched at once at high priority and shares the link with them
// (about 50 KB against 20), which put the first paint of a doc page at 1.25-1.3 s in
// Lighthouse's mobile run; started after the `load` event and the first paint, 0.75-0.8 s.
// Hydration starts that much later; the search keys typed meanwhile are kept (index.html).
//
// The build's index.html gets, at the end of <body>, one inline script that carries the entry
// in `data-entry` (so its text, hashed into the Content-Security-Policy, is the same for every
// bundle). When it runs it also inserts the page's own hints, which the server renderer puts
// in <template id="__later"> (inert until then): the page data and the page's lazy chunks.
// If the entry cannot be loaded (its URL 404s under a wrong base URL), the home page says so.
// After `load`, it waits for the first contentful paint to be reported (a frame's callbacks run
// before that frame reaches the screen, so one frame was not always enough), or a second, for a
// browser without paint timing or a tab that is not shown.
const LOADER =
  "(function(){var d=document,e=d.currentScript.getAttribute('data-entry'),n=0;" +
  "function go(){if(n++)return;var l=d.getElementById('__later'),s=d.createElement('script');" +
  "if(l)d.head.append(l.content);s.type='module';s.crossOrigin='';s.src=e;" +
  "s.onerror=function(){var b=d.getElementById('base-url-issue');if(!b)return;var p=location.pathname;" +
  "b.querySelector('[data-suggest]').textContent=p.slice(-1)==='/'?p:p+'/';b.hidden=false};d.head.append(s)}" +
  "addEventListener('load',function(){setTimeout(go,1000);try{new PerformanceObserver(function(l){" +
  "if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go)}).observe({type:'paint',buffered:true})}catch(x){}})})()";

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The Vite plugin (client build only). */
export function entryAfterPaint() {
  return {
    name: 'entry-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(ENTRY);
        if (!entry) throw new Error('entry-after-paint: index.html has no <script type="module" crossorigin src>');
        if (!html.includes('</body>')) throw new Error('entry-after-paint: index.html has no </body>');
        const loader = `<script data-entry="${entry[1]}">${LOADER}</script>`;
        return html.replace(ENTRY, '').replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}
