import { Languages, type TLanguage } from '@app/contracts';
import Badge from 'antd-mobile/es/components/badge';
import Tabs from 'antd-mobile/es/components/tabs';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { languageNames } from '../../../app/i18n';
import styles from './ContentForms.module.css';

/**
 * The languages whose fields have an error: a field's own error (`title.de`) marks its language; an error on
 * the whole text (no English at all) marks English.
 */
export function invalidLanguages<T extends FieldValues>(
  errors: FieldErrors<T>,
  fields: string[],
): TLanguage[] {
  const out = new Set<TLanguage>();
  for (const name of fields) {
    const e = (errors as Record<string, unknown>)[name] as Record<string, unknown> | undefined;
    if (!e) continue;
    if (typeof e.message === 'string') out.add('en-US');
    for (const lang of Languages) if (e[lang]) out.add(lang);
  }
  return Languages.filter((l) => out.has(l));
}

/**
 * One tab per language over the localized fields of a form (decision 65): English first and required, the
 * others optional (an empty one shows members the English). Every tab stays mounted, so the form keeps what
 * was typed in each; a tab with an error shows a dot, and a failed submit opens the first such tab.
 */
export function LanguageTabs({
  invalid,
  submitCount,
  children,
}: {
  invalid: TLanguage[];
  submitCount: number;
  children: (lang: TLanguage) => ReactNode;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<TLanguage>('en-US');
  const first = invalid[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new submit moves the admin to an error.
  useEffect(() => {
    if (first && !invalid.includes(active)) setActive(first);
  }, [submitCount]);
  return (
    <div className={styles.languages} data-testid="language-tabs">
      <Tabs activeKey={active} onChange={(key) => setActive(key as TLanguage)}>
        {Languages.map((lang) => (
          <Tabs.Tab
            key={lang}
            forceRender
            title={
              <Badge content={invalid.includes(lang) ? Badge.dot : null}>
                <span data-testid={`language-tab-${lang}`}>
                  {languageNames[lang]}
                  {lang === 'en-US' ? ' *' : ''}
                </span>
              </Badge>
            }
          >
            {children(lang)}
          </Tabs.Tab>
        ))}
      </Tabs>
      <p className={styles.languagesHint}>{t('content.admin.languagesHint')}</p>
    </div>
  );
}

/** The languages a text was written in, for an admin list: `en-US de zh-CN`. */
export function writtenLanguages(texts: Partial<Record<TLanguage, string>>): string {
  return Languages.filter((l) => texts[l]).join(' ');
}
