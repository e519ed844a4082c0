import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { getConfig } from '../config';
import { getIdToken } from '../identity/identity';
import { ApiError } from './api-error';
import { runAuthFailureHandler } from './auth-failure-handler';
import { apiPaths } from './api-paths';
import { i18n } from '../i18n/i18n';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send a freshly refreshed ID token rather than the cached one (the profile validity check). */
    freshToken?: boolean;
    /** Set when the auth-failure handler has run for this request, so it never runs twice. */
    authFailureHandled?: boolean;
  }
}

/** Gives the signed-in user's ID token, or null when nobody is signed in. */
export type IdTokenSource = (forceRefresh: boolean) => Promise<string | null>;

// A 401 from these means wrong credentials or a refused registration, not a lapsed session.
const credentialPaths: readonly string[] = [apiPaths.login, apiPaths.register];

function isCredentialCall(url: string | undefined, baseURL: string | undefined): boolean {
  const path = new URL(url ?? '', baseURL ?? window.location.origin).pathname;
  return credentialPaths.includes(path);
}

/**
 * An axios instance for the API host (docs/contract.md §1 and §7): credentials and cookies on every
 * request, JSON, no timeout, the bearer ID token when there is one, and the auth-failure handler
 * on a 401. Every error it rejects with is an ApiError.
 */
export function createApiClient(options: {
  baseURL: string;
  getIdToken: IdTokenSource;
}): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    withCredentials: true,
    timeout: 0,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  });

  client.interceptors.request.use(async (request) => {
    let token: string | null;
    try {
      token = await options.getIdToken(request.freshToken === true);
    } catch (error) {
      console.error(`Could not get the identity token for ${request.url ?? 'a request'}`, error);
      throw new ApiError('Could not get the identity token', { cause: error });
    }
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // The language the resident reads in: the reference host registers a resident's mails in it
    // (server/routes/auth-routes.ts). A safelisted header, so no preflight of its own.
    request.headers.set('Accept-Language', i18n.locale === 'cy' ? 'cy' : 'en');
    return request;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (
      isAxiosError(error) &&
      error.response?.status === 401 &&
      error.config &&
      !error.config.authFailureHandled &&
      !isCredentialCall(error.config.url, error.config.baseURL)
    ) {
      error.config.authFailureHandled = true;
      await runAuthFailureHandler();
    }
    throw ApiError.from(error);
  });

  return client;
}

let client: AxiosInstance | undefined;

/** The app's one API client, created on first use from the runtime configuration. */
export function apiClient(): AxiosInstance {
  client ??= createApiClient({ baseURL: getConfig().apiBaseUrl, getIdToken });
  return client;
}

let publicClient: AxiosInstance | undefined;

/**
 * The client for the API host's public calls, a visitor's booking page
 * (/api/v1/visitor-passes/visit/…): the same settings, but no identity token is asked for, so the
 * page a visitor opens from a link never loads the identity provider, signed in on that browser or
 * not. The host reads no identity on those calls.
 */
export function publicApiClient(): AxiosInstance {
  publicClient ??= createApiClient({
    baseURL: getConfig().apiBaseUrl,
    getIdToken: async () => null,
  });
  return publicClient;
}
