// The article renderer's chunk: the Markdown renderer and the parts of a page that only show
// (no reader action changes them). A first load hydrates without it, keeping the server's HTML
// of these (content/Markdown.tsx, content/Deferred.tsx); client-side navigation loads it.
export {Breadcrumbs, DocFooter, Paginator} from '../docs/DocParts';
export {Footer} from '../theme/Footer';
export {Blocks} from './Blocks';
