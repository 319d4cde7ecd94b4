/**
 * The tracking code of a fault, e.g. FLT-7K3M9Q2X: random, so one code reveals nothing of another.
 * A module of its own, without zod, for the portal's tracking page.
 */
export const FAULT_CODE_PATTERN = /^FLT-[0-9A-HJKMNP-TV-Z]{8}$/;
