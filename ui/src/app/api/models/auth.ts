export type LoginMechanism = 'PASSWORD_PLAIN' | 'API_KEY_PLAIN' | 'TOKEN_PLAIN';

export type LoginRequest =
  | { mechanism: 'PASSWORD_PLAIN'; username: string; password: string }
  | { mechanism: 'API_KEY_PLAIN'; username: string; api_key: string }
  | { mechanism: 'TOKEN_PLAIN'; token: string };

export interface LoginResponse {
  response_type: 'SUCCESS' | 'AUTH_ERR' | 'EXPIRED' | 'OTP_REQUIRED' | 'REDIRECT' | string;
  user_info?: { pw_name?: string; username?: string } | null;
  authenticator?: string;
}

export interface RebootInfo {
  boot_id: string;
  reboot_required_reasons: { code: string; reason: string }[];
}

export type QueryFilter = [string, string, unknown] | ['OR', QueryFilter[][]];
export interface QueryOptions {
  get?: boolean;
  count?: boolean;
  order_by?: string[];
  limit?: number;
  offset?: number;
  select?: string[];
}
export type QueryParams = [filters?: QueryFilter[], options?: QueryOptions];
