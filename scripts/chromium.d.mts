// Types of chromium.mjs for the TypeScript that imports it (the end-to-end tests' configuration).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
