/** The news pages of routes.txt; one item is `?id=<uuid>`. */
export const ContentPaths = {
  news: '/pages/home/HomegetAllNews',
  newsItem: '/pages/home/HomeshowOneNews',
  about: '/pages/personal/AboutUs',
} as const;

export const newsItemPath = (id: string) => `${ContentPaths.newsItem}?id=${encodeURIComponent(id)}`;

/** The news list opened on its files tab (the spec's getAllFiles has no screen of its own). */
export const filesPath = `${ContentPaths.news}?tab=files`;
