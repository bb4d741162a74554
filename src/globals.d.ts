/// <reference types="vite-plugin-pwa/vanillajs" />
/** Build-time constants defined in vite.config.ts, shown in the menu's version label. */
declare const __APP_VERSION__: string;
declare const __APP_REVISION__: string;
