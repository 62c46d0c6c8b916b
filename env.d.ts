/** Replaced at build and test time with package.json's version. */
declare const __VERSION__: string;
/** True in the compact build (preact/compat in place of React), false elsewhere. */
declare const __PREACT__: boolean;
