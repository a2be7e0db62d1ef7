const BASE_URL: string = import.meta.env.VITE_API_URL ?? '';

/**
 * GET /api/health/ready, with plain fetch rather than the API client: the client reports each of its
 * failures to the connection state, which calls this to find out whether the server is back.
 * The API's answers are never cached (Cache-Control: no-store).
 */
export const getReadiness = (signal: AbortSignal): Promise<Response> => fetch(`${BASE_URL}/api/health/ready`, { signal });
