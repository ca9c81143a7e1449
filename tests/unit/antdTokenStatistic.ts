// antd's development build wraps every design token in a Proxy and every merged token object in getters,
// to record which tokens each component reads (a tool for antd's own build). In jsdom that bookkeeping
// was a tenth of a UI test's time; this is the production behaviour of the same module.
type Token = Record<string, unknown>;

export const statistic: Record<string, unknown> = {};
export const _statistic_build_: Record<string, unknown> = {};

export function merge(...objects: unknown[]): Token {
  return Object.assign({}, ...objects.filter((o) => typeof o === 'object')) as Token;
}

export default function statisticToken(token: Token) {
  return { token, keys: undefined, flush: () => {} };
}
