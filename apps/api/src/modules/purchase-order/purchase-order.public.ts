/**
 * What other modules may use of purchase orders: nothing yet. The approval engine learns of them
 * through the kernel's registry (kernel/registry.ts), not from here.
 */
export {};
