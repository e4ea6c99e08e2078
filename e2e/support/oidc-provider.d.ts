/** The small part of `oidc-provider` (which ships no types) that e2e/support/oidc.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface TAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface TConfiguration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    pkce?: { required: () => boolean };
    findAccount(ctx: unknown, id: string): Promise<TAccount | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: TConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): this;
  }
}
