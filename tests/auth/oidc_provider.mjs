// A real OpenID provider (npm oidc-provider, certified) for the resource server tests.
//
//   node oidc_provider.mjs CONFIG.json
//
// CONFIG: {"port": N, "clients": [...], "keys": {"keys": [private JWKs]},
//          "resources": {"<resource URI>": {"scope": "...", "format": "jwt"|"opaque", "ttl": s}}}
// The issuer is http://127.0.0.1:PORT. Machines get tokens with the client credentials
// grant and an RFC 8707 resource indicator: a JWT (RFC 9068, signed with the first key)
// whose aud is the resource, or an opaque token the introspection endpoint answers for.
import { readFileSync } from 'node:fs';
import Provider, { errors } from 'oidc-provider';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const issuer = `http://127.0.0.1:${config.port}`;
const scopes = new Set(['openid']);
for (const resource of Object.values(config.resources)) {
  for (const scope of resource.scope.split(' ')) scopes.add(scope);
}

const provider = new Provider(issuer, {
  clients: config.clients,
  jwks: config.keys,
  scopes: [...scopes],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, indicator) => {
        const resource = config.resources[indicator];
        if (!resource) throw new errors.InvalidTarget();
        return {
          scope: resource.scope,
          audience: indicator,
          accessTokenTTL: resource.ttl ?? 300,
          accessTokenFormat: resource.format ?? 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
});
provider.listen(config.port, '127.0.0.1');
console.log(`listening ${issuer}`);
