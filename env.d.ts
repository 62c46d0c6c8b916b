/** Replaced at build and test time with package.json's version. */
declare const __VERSION__: string;
