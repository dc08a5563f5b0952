/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** The product brand: window title, header and side menu. */
  readonly VITE_BRAND: string;
  /** Which bottom tab labels this build shows: `trade` or `mining`. */
  readonly VITE_TAB_SET: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A part of a locale file (vite-locale-parts.ts): the first view's sections, or the rest. */
declare module '*.json?texts=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
