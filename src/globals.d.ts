/// <reference types="vite-plugin-pwa/vanillajs" />
/** Build-time constants defined in vite.config.ts, shown in the menu's version label. */
declare const __APP_VERSION__: string;
declare const __APP_REVISION__: string;

/** The admin forms' validators, compiled at build time (scripts/formValidators.ts). */
declare module 'virtual:form-validator/*' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validateFns: ValidatorFunctions;
  export default validateFns;
}
