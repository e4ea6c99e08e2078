/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google in browser tests.
 * Its development login page accepts any login name; the account's e-mail is that name (with
 * `@oidc.test` added when it has no `@`), so a test chooses who signs in by what it types.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export function emailForLogin(login: string): string {
  return login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@oidc.test`;
}

export async function startOidcProvider(options: { port: number; redirectUri: string }): Promise<TOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'resolved-e2e';
  const clientSecret = 'resolved-e2e-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => false },
    async findAccount(_ctx, id) {
      const email = emailForLogin(id);
      return {
        accountId: id,
        async claims() {
          const local = email.split('@')[0] ?? email;
          const name = local.charAt(0).toUpperCase() + local.slice(1).replace(/[._-]+/g, ' ');
          return { sub: id, email, email_verified: true, name };
        },
      };
    },
  });
  // The development interactions log a warning that they are for development only: that is what this is.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider error', error));
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
