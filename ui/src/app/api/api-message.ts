/** JSON-RPC 2.0 frames as spoken at /api/current (TrueNAS 25.04+). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: string;
  method: string;
  params: unknown[];
}

export interface JsonRpcErrorData {
  error?: number;
  errname?: string;
  reason?: string;
  trace?: unknown;
  extra?: unknown;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: JsonRpcErrorData;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: string;
  result?: unknown;
  error?: JsonRpcError;
}

export interface CollectionUpdateParams {
  msg: 'added' | 'changed' | 'removed';
  collection: string;
  id?: unknown;
  fields?: unknown;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: 'collection_update' | 'notify_unsubscribed' | string;
  params: unknown;
}

export type IncomingMessage = JsonRpcResponse | JsonRpcNotification;

export function makeRequest(id: string | undefined, method: string, params: unknown[]): JsonRpcRequest {
  const request: JsonRpcRequest = { jsonrpc: '2.0', method, params };
  if (id !== undefined) {
    request.id = id;
  }
  return request;
}

export function isResponse(message: IncomingMessage): message is JsonRpcResponse {
  return 'id' in message && typeof message.id === 'string' && !('method' in message);
}

/** Random id for a call; crypto.randomUUID needs a secure context, plain http on a LAN is not one. */
export function newCallId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
