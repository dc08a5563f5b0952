/** Customer service's deep links: routes.txt's verbatim, plus the email history, which had no path there. */
export const SupportPaths = {
  entry: '/pages/personal/CustomerService',
  newEnquiry: '/pages/personal/CustomerServiceMain',
  thread: '/pages/personal/CustomerServiceMsg',
  history: '/pages/personal/CSHistory',
  sentMessages: '/pages/personal/EmailHistory',
} as const;

/** One enquiry's chat (the server's notification links use the same form). */
export const threadPath = (id: string) => `${SupportPaths.thread}?id=${encodeURIComponent(id)}`;
