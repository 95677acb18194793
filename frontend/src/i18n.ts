// Every user-visible string of the theme, in one zh-hans table. The strings the
// specification quotes verbatim ("Search", "See all N results", "This page crashed.",
// "Try again", "Retry") are kept exactly as written there.

export const t = {
  skipToContent: '跳到主要内容',
  // Navbar
  home: '首页',
  openMenu: '打开导航菜单',
  closeMenu: '关闭导航菜单',
  mainNavigation: '主导航',
  backToMainMenu: '← 返回主菜单',
  switchToDark: '切换到深色模式',
  switchToLight: '切换到浅色模式',
  colorModeLight: '浅色模式',
  colorModeDark: '深色模式',
  externalLink: '（在新窗口打开）',
  // Announcement
  closeAnnouncement: '关闭公告',
  // Docs
  docsSidebar: '文档侧边栏',
  collapseSidebar: '收起侧边栏',
  expandSidebar: '展开侧边栏',
  toggleCategory: (label: string) => `展开或收起“${label}”分类`,
  onThisPage: '本页目录',
  breadcrumbs: '面包屑导航',
  previous: '上一页',
  next: '下一页',
  docsPagination: '文档分页导航',
  viewOriginal: '查看英文原文',
  tags: '标签：',
  allTags: '查看所有标签',
  versionUnreleased: (label: string) => `这是尚未发布的 ${label} 版本文档。`,
  versionUnmaintained: (label: string) => `这是 ${label} 版本的文档，该版本已不再维护。`,
  latestVersionLink: '查看最新版本',
  taggedDocs: (n: number, tag: string) => `${n} 篇文档带有“${tag}”标签`,
  // Code
  copy: '复制',
  copied: '已复制',
  copyCode: '复制代码',
  copiedCode: '已复制到剪贴板',
  // Headings
  directLink: (text: string) => `“${text}”的直达链接`,
  // Blog
  readMore: '阅读全文',
  readMoreAbout: (title: string) => `阅读全文：${title}`,
  readingTime: (minutes: number) => `阅读需 ${minutes} 分钟`,
  newerPosts: '较新的文章',
  olderPosts: '较早的文章',
  newerPost: '较新一篇',
  olderPost: '较早一篇',
  blogPagination: '博客列表分页导航',
  blogPostPagination: '博客文章导航',
  archive: '归档',
  archiveTitle: '博客归档',
  blogTags: '博客标签',
  docTags: '文档标签',
  postsTagged: (n: number, tag: string) => `${n} 篇文章带有“${tag}”标签`,
  pageOf: (page: number, total: number) => `第 ${page} 页，共 ${total} 页`,
  recentPosts: '最近文章',
  postCount: (n: number) => `${n} 篇`,
  // Search
  search: 'Search',
  searchPlaceholder: '搜索文档与博客',
  searchLabel: '搜索',
  searchResults: '搜索结果',
  closeSearch: '关闭搜索',
  clearQuery: '清除搜索词',
  seeAllResults: (n: number) => `See all ${n} results`,
  noResults: (q: string) => `没有找到与“${q}”相关的结果`,
  noResultsHint: '换一个关键词试试，比如 API 名称（useRecoilState）或中文概念（原子、快照）。',
  searchLoading: '正在搜索…',
  loadingNewResults: '正在加载新的结果…',
  searchError: '搜索索引加载失败。',
  searchRetry: '重试',
  recentSearches: '最近搜索',
  removeRecent: (q: string) => `从最近搜索中删除“${q}”`,
  emptyQuery: '输入关键词开始搜索。',
  searchKeyboardHint: '↑↓ 选择　↵ 打开　Esc 关闭',
  resultCount: (n: number, q: string) => `找到 ${n} 个与“${q}”相关的结果`,
  searchResultsFor: (q: string) => `“${q}”的搜索结果`,
  searchPageTitle: '搜索',
  searchNeedsJs: '站内搜索在浏览器里运行，需要启用 JavaScript。也可以从导航栏和侧边栏浏览全部文档。',
  docsFilter: '文档',
  blogFilter: '博客',
  // Errors
  pageCrashed: 'This page crashed.',
  tryAgain: 'Try again',
  retry: 'Retry',
  loadFailed: '页面加载失败，请检查网络连接。',
  notFoundTitle: '找不到页面',
  notFoundText: '我们找不到你要访问的页面。',
  notFoundHelp: '如果你是从某个链接来到这里的，请告诉该链接所在网站的所有者：这个链接已经失效。',
  backHome: '返回首页',
  baseUrlIssue: '本站没有正确加载。',
  baseUrlIssueDetail: (base: string) => `当前配置的 base_url 是 ${base}，建议改为：`,
  redirecting: '正在跳转到',
  // Footer
  footerNavigation: '页脚导航',
} as const;

export const dateFormat = new Intl.DateTimeFormat('zh-Hans', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});

/** `2022-10-11` → `2022年10月11日`. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}
