// HTML forms post urlencoded bodies: a parser for the sandbox's form pages, in their own scope only.
import type { FastifyInstance } from "fastify";

export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export type FormBody = Record<string, string | undefined>;
