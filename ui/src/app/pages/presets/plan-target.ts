import { Injectable, signal } from '@angular/core';
import { Params } from '@angular/router';

import { TuningChange, TuningTarget } from '../../api/models/tuning-common';

/** The pool and dataset the admin picked for plans: disks are not part of it (they belong to one preview). */
export interface PlanPlace {
  pool: string;
  /** null until the admin picks one: dataset properties never land on the pool's root by default. */
  dataset: string | null;
}

const KEY = 'tuning.plan.place';

/** Who below a dataset a plan row reaches, as the server counted it: names (at most 50 each) and counts of all. */
export interface RowChildren {
  setting: string;
  /** The setting in words, as the plan's row names it ("Record size"); its key where the row has no words. */
  name: string;
  inheriting: string[];
  /** Inheriting children not named (the server names at most 50). */
  inheritingMore: number;
  overriding: string[];
  overridingMore: number;
}

/** The children facts of the plan's dataset property rows; rows without them (older plugins) are left out. */
export function rowChildren(changes: readonly TuningChange[]): RowChildren[] {
  return datasetRows(changes)
    .filter((c) => c.children_inheriting != null || c.children_overriding != null)
    .map((c) => {
      const inheriting = c.children_inheriting ?? [];
      const overriding = c.children_overriding ?? [];
      return {
        setting: c.setting,
        name: c.summary ?? c.setting,
        inheriting,
        inheritingMore: Math.max(0, (c.children_inheriting_count ?? inheriting.length) - inheriting.length),
        overriding,
        overridingMore: Math.max(0, (c.children_overriding_count ?? overriding.length) - overriding.length),
      };
    });
}

/** Plan rows that set a dataset property: they need a dataset the admin picked. */
export function datasetRows(changes: readonly TuningChange[]): TuningChange[] {
  return changes.filter((c) => c.kind === 'DATASET_PROPERTY');
}

/** The preview's target: the picked place, and disks only when they were ticked in this same preview. */
export function previewTarget(place: PlanPlace, disks?: Pick<TuningTarget, 'cache_disks' | 'log_disks'>): TuningTarget {
  return { pool: place.pool, dataset: place.dataset, cache_disks: disks?.cache_disks ?? [], log_disks: disks?.log_disks ?? [] };
}

/** The URL of a plan: a reload or a shared link shows the same preview. */
export function planQuery(preset: string | null, place: PlanPlace | null): Params {
  return { preset: preset ?? null, pool: place?.pool ?? null, dataset: place?.dataset ?? null };
}

/** The place a URL names, if it names one: only a pool of this box, and a dataset of that pool. */
export function placeFromQuery(params: Params, pools: readonly { name: string; datasets: string[] }[]): PlanPlace | null {
  const pool = pools.find((p) => p.name === params['pool']);
  if (!pool) {
    return null;
  }
  const dataset = typeof params['dataset'] === 'string' && pool.datasets.includes(params['dataset']) ? params['dataset'] : null;
  return { pool: pool.name, dataset };
}

/** A place kept for the session, with the preset whose preview the dataset was picked in. */
export interface KeptPlace extends PlanPlace {
  /** The dataset belongs to this preset's preview (as ticked disks do): another preset starts with none picked. */
  preset: string | null;
}

/** The admin's pool (and, for one preset, dataset) for the rest of the browser session (not reset on every visit). */
@Injectable({ providedIn: 'root' })
export class PlanPlaceStore {
  readonly place = signal<KeptPlace | null>(read());

  set(place: KeptPlace): void {
    this.place.set(place);
    try {
      sessionStorage.setItem(KEY, JSON.stringify(place));
    } catch {
      // storage refused (private mode, quota): the choice lasts until the page is reloaded
    }
  }
}

function read(): KeptPlace | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && typeof (value as PlanPlace).pool === 'string') {
      const { pool, dataset, preset } = value as KeptPlace;
      return { pool, dataset: typeof dataset === 'string' ? dataset : null, preset: typeof preset === 'string' ? preset : null };
    }
  } catch {
    // unreadable: start without a choice
  }
  return null;
}
