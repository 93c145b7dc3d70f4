/** In the demo, the operator API has a published key, so that `npm run ops` works at once. */
export const DEMO_OPS_KEY = 'skypass-demo-ops-key';
