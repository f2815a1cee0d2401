import type { DoctorProgress, DoctorReport, Selector } from '@toolsift/selector';
import type { CallRecord, SearchRecord } from '../gateway/gateway-activity.js';
import type { UpstreamStatus } from '../gateway/upstream-status.js';

/** What the `ui` page shows: a catalog's selector (or a gateway's), its doctor, and for a gateway its upstreams. */
export interface UiSource {
  /** What the page is about: the catalog path, or the gateway's config file. */
  title: string;
  /** The selector the page reads and selects with; undefined while a gateway's upstreams have listed no tool. */
  selector(): Promise<Selector | undefined>;
  /** The environment prerequisites are checked against (never read out: only which variables are set). */
  env: Readonly<Record<string, string | undefined>>;
  /** Run `toolsift doctor` over the same tools. */
  diagnose(onProgress: (progress: DoctorProgress) => void): Promise<DoctorReport>;
  /** Set for `gateway --ui`. */
  gateway?: UiGateway;
}

/** What `gateway --ui` adds: each upstream's state and the latest searches and calls of its clients. */
export interface UiGateway {
  statuses(): UpstreamStatus[];
  recent(): { searches: SearchRecord[]; calls: CallRecord[] };
}
