// Placeholder so tsconfig.core.json has inputs; replace with the timeline module.
export {}
