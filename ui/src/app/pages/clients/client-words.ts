// Client sessions and client results as people read them (pure): states, protocols, a result's context in words.
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { ClientCommands, ClientPlan, ClientProtocol, ClientResultContext, ClientSessionState } from '../../api/models/tuning-client';
import { T } from '../../i18n/translate-marker';
import { Words } from '../../shared/field-errors';
import { formatBytes, formatNumber } from '../../shared/format';

export const SESSION_STATE_WORDS: Record<ClientSessionState, string> = {
  ACTIVE: T('Active'),
  EXPIRED: T('Expired'),
  REVOKED: T('Revoked'),
};

export const PROTOCOL_WORDS: Record<ClientProtocol, string> = {
  NFS: T('NFS share'),
  SMB: T('SMB share'),
  ISCSI: T('iSCSI LUN'),
  LOCAL: T('The client’s own disk'),
  OTHER: T('Other'),
};

/** The commands a session offers, in the order shown, with what each is for. */
export const COMMAND_KINDS: { key: keyof ClientCommands; title: string; hint: string }[] = [
  { key: 'linux', title: T('Linux'), hint: T('In a shell on the client; replace the path with the mounted share or the LUN.') },
  { key: 'macos', title: T('macOS'), hint: T('In Terminal on the client; replace the path with the mounted share.') },
  { key: 'windows', title: T('Windows'), hint: T('In PowerShell on the client; replace the path with the share’s drive or folder.') },
  { key: 'agent_linux', title: T('Agent mode (Linux)'),
    hint: T('Leave it running: it runs the benchmark steps of campaigns that use this session, through the box’s reboots.') },
];

/** A client result's own context (the kit's RESULT), or null for any other result. */
export function clientContext(result: BenchmarkResult): ClientResultContext | null {
  return result.source === 'CLIENT' ? (result.context as unknown as ClientResultContext) : null;
}

const PROTOCOL_NAMES: Record<ClientProtocol, string> = {
  NFS: 'NFS', SMB: 'SMB', ISCSI: 'iSCSI', LOCAL: T('local file system'), OTHER: T('other protocol'),
};

/** "NFS 4.2", "SMB 3.1.1", or the protocol alone when the kit could not tell the version. */
export function resultProtocolWords(context: ClientResultContext): Words {
  const { protocol, protocol_version } = context.target;
  return protocol_version
    ? { key: T('{protocol} {version}'), params: { protocol: PROTOCOL_NAMES[protocol], version: protocol_version } }
    : { key: PROTOCOL_NAMES[protocol] };
}

/** "Linux 6.1.0-28-amd64 on ws1". */
export function clientWords(context: ClientResultContext): Words {
  const { os, os_version, hostname } = context.client;
  return { key: T('{os} {version} on {host}'), params: { os, version: os_version, host: hostname } };
}

/** "1,000 Mb/s · MTU 1500", with what the kit could not find said in words. */
export function linkWords(context: ClientResultContext): Words {
  const link = context.link;
  if (!link || (link.speed_mbps == null && link.mtu == null)) {
    return { key: T('unknown') };
  }
  if (link.speed_mbps == null) {
    return { key: T('speed unknown · MTU {mtu}'), params: { mtu: link.mtu! } };
  }
  const speed = formatNumber(link.speed_mbps, 0);
  // "MTU unknown" in words, never a bare "?"
  return link.mtu == null ? { key: T('{speed} Mb/s · MTU unknown'), params: { speed } }
    : { key: T('{speed} Mb/s · MTU {mtu}'), params: { speed, mtu: link.mtu } };
}

/**
 * What the kit needs before the admin runs it, from the session's plan: free space on the share (the working set, at
 * least twice the box's ARC maximum; the kit refuses to start without it) and about how long fio runs (every test,
 * every run, warm-up included; the network check and file layout come on top).
 */
export function kitNeeds(plan: ClientPlan): Words {
  const seconds = plan.tests.length * plan.runs * (plan.runtime_seconds + plan.ramp_seconds);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return {
    key: T('The kit needs at least {size} free on the share (twice the box’s ARC maximum, so the box’s cache cannot serve the reads; more if the client cannot bypass its own page cache) and runs fio for about {minutes} min ({tests} × {runs} runs of {each} s), plus the time to lay out its files.'),
    params: {
      size: formatBytes(plan.min_size_bytes), minutes, tests: plan.tests.length, runs: plan.runs,
      each: plan.runtime_seconds + plan.ramp_seconds,
    },
  };
}
