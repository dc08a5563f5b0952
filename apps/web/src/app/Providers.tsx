import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdLocaleOf, currentLanguage, i18n } from './i18n';

function AntdLocale({ children }: { children: ReactNode }) {
  // Re-renders on a language change, so antd-mobile's own texts follow at once.
  useTranslation();
  return <ConfigProvider locale={antdLocaleOf(currentLanguage())}>{children}</ConfigProvider>;
}

/** Server state, translations and antd-mobile's locale, for the app and for tests alike. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AntdLocale>{children}</AntdLocale>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
