// Placeholder so tsconfig.core.json has inputs; replace with the explorer module.
export {}
