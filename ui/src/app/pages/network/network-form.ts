// The network measurement form's model: typed controls with the server's limits, its options, the ports in words.
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, Validators } from '@angular/forms';

import { NetworkMeasureOptions } from '../../api/models/tuning-network';
import { TuningProfileNic } from '../../api/models/tuning-profile';
import { Words } from '../../shared/field-errors';
import { formatNumber } from '../../shared/format';
import { wholeNumber } from '../../shared/benchmark-settings/benchmark-settings';
import { T } from '../../i18n/translate-marker';

export type NetworkForm = FormGroup<{
  interface: FormControl<string>;
  port: FormControl<number | null>;
  duration_seconds: FormControl<number | null>;
  parallel_streams: FormControl<number | null>;
  client_timeout_seconds: FormControl<number | null>;
  label: FormControl<string>;
}>;

const counted = (min: number, max: number) => [Validators.required, wholeNumber, Validators.min(min), Validators.max(max)];

/** The server's defaults and limits (TuningNetworkMeasureOptions). */
export function networkForm(fb: NonNullableFormBuilder): NetworkForm {
  return fb.group({
    interface: fb.control('', Validators.required),
    port: fb.control<number | null>(5201, counted(1024, 65535)),
    duration_seconds: fb.control<number | null>(10, counted(1, 60)),
    parallel_streams: fb.control<number | null>(4, counted(2, 16)),
    client_timeout_seconds: fb.control<number | null>(300, counted(5, 3600)),
    label: fb.control('', Validators.maxLength(120)),
  });
}

/** `tuning.network.measure`'s options; a blank label is left to the server (it names the result itself). */
export function networkOptions(value: ReturnType<NetworkForm['getRawValue']>): NetworkMeasureOptions {
  const label = value.label.trim();
  return {
    interface: value.interface,
    port: value.port ?? undefined,
    duration_seconds: value.duration_seconds ?? undefined,
    parallel_streams: value.parallel_streams ?? undefined,
    client_timeout_seconds: value.client_timeout_seconds ?? undefined,
    ...(label ? { label } : {}),
  };
}

/** The options' field names → their controls (the server names them `options.<field>`). */
export function networkControls(form: NetworkForm): Record<string, AbstractControl> {
  return { ...form.controls };
}

/** A port as the select offers it: "eno1 · 10,000 Mb/s · MTU 1500", or that its link is down; an MTU the box does not
 *  report reads "MTU unknown" (a whole key each, so a translation words it as it likes), never a bare "?". */
export function nicWords(nic: TuningProfileNic): Words {
  const name = nic.name;
  const mtu = nic.mtu || null;
  if (!nic.link_up) {
    return mtu ? { key: T('{name} · link down · MTU {mtu}'), params: { name, mtu } }
      : { key: T('{name} · link down · MTU unknown'), params: { name } };
  }
  if (nic.speed_mbps) {
    const speed = formatNumber(nic.speed_mbps, 0);
    return mtu ? { key: T('{name} · {speed} Mb/s · MTU {mtu}'), params: { name, speed, mtu } }
      : { key: T('{name} · {speed} Mb/s · MTU unknown'), params: { name, speed } };
  }
  return mtu ? { key: T('{name} · speed unknown · MTU {mtu}'), params: { name, mtu } }
    : { key: T('{name} · speed unknown · MTU unknown'), params: { name } };
}

/** The first port with a link, else the first port: what the form starts on. */
export function firstLinked(nics: readonly TuningProfileNic[]): string {
  return (nics.find((n) => n.link_up) ?? nics[0])?.name ?? '';
}
