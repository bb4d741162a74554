import type { GasLimit, GasSettings, GasTypeSettings } from '../../schemas';

/** How recent a passing reading must be to approve a permit that needs gas tests (issue 37). */
export const DEFAULT_GATE_MINUTES = 60;
/** A passing reading holds two hours before a retest is due (issue 37, confined-space entry). */
export const DEFAULT_RETEST_MINUTES = 120;

const limit = (Gas: string, Unit: string, Low: number | null, High: number | null, HighInclusive = false): GasLimit => ({ Gas, Unit, Low, High, HighInclusive });

/**
 * DOMAIN.md's usual limits for entry: O2 19.5–23.5 % vol, LEL below 10 %, H2S below 10 ppm,
 * CO below 25 ppm (OSHA 1910.146; HSG250).
 */
export const ENTRY_LIMITS: readonly GasLimit[] = [limit('O2', '%', 19.5, 23.5, true), limit('LEL', '%', null, 10), limit('H2S', 'ppm', null, 10), limit('CO', 'ppm', null, 25)];
/** Hot work: flammables at most 1 % LEL, the rest as for entry. */
export const HOT_WORK_LIMITS: readonly GasLimit[] = ENTRY_LIMITS.map((l) => (l.Gas === 'LEL' ? limit('LEL', '%', null, 1, true) : l));

/**
 * A type's rules when the site has not set them. Confined-space entry always needs tests before
 * and during entry (OSHA 1910.146(c)(5), (d)(5)); hot work carries its own "continuous gas
 * monitoring" choice on the form, so a site opts in to the gate and retests for it. Readings on
 * any permit are judged against its limits, and a failing one stops the work whatever the type.
 */
export function defaultTypeSettings(permitType: string): GasTypeSettings {
  const hot = permitType === 'HotWork';
  return { PermitType: permitType, Required: permitType === 'ConfinedSpace', RetestMinutes: DEFAULT_RETEST_MINUTES, Limits: [...(hot ? HOT_WORK_LIMITS : ENTRY_LIMITS)] };
}

/** A site's settings with nothing saved yet. */
export const defaultGasSettings = (SiteId: number): GasSettings => ({
  SiteId, GateMinutes: DEFAULT_GATE_MINUTES, TimeZone: 'UTC', Types: ['ConfinedSpace', 'HotWork'].map(defaultTypeSettings),
});

/** What a permit's readings are judged on: one rule set, though a permit may be of several types. */
export interface GasRules {
  required: boolean;
  retestMinutes: number;
  gateMinutes: number;
  limits: GasLimit[];
}

/** The tighter of two limits of one gas: the higher floor, the lower ceiling (exclusive beats inclusive at the same value). */
function tighter(a: GasLimit, b: GasLimit): GasLimit {
  const Low = a.Low === null ? b.Low : b.Low === null ? a.Low : Math.max(a.Low, b.Low);
  if (a.High === null) return { ...b, Low };
  if (b.High === null) return { ...a, Low };
  if (a.High !== b.High) return { ...(a.High < b.High ? a : b), Low };
  return { ...a, Low, HighInclusive: a.HighInclusive && b.HighInclusive };
}

/**
 * The rules for a permit of these types at a site: it needs gas tests if any of its types does,
 * the shortest retest interval, and for each gas the tightest limit of its types (a hot-work
 * entry is held to hot work's LEL).
 */
export function rulesFor(settings: GasSettings, permitTypes: readonly string[]): GasRules {
  const types = (permitTypes.length ? permitTypes : ['']).map((name) => settings.Types.find((t) => t.PermitType === name) ?? defaultTypeSettings(name));
  const byGas = new Map<string, GasLimit>();
  for (const l of types.flatMap((t) => t.Limits)) {
    const known = byGas.get(l.Gas);
    byGas.set(l.Gas, known ? tighter(known, l) : l);
  }
  return {
    required: types.some((t) => t.Required),
    retestMinutes: Math.min(...types.map((t) => t.RetestMinutes)),
    gateMinutes: settings.GateMinutes,
    limits: [...byGas.values()],
  };
}

/** A settings change that would leave a type unjudgeable, in words; null when it holds. */
export function settingsProblem(settings: Pick<GasSettings, 'Types' | 'TimeZone'>): string | null {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: settings.TimeZone });
  } catch {
    return `${settings.TimeZone} is not a time zone: give the site's zone as in America/Chicago or Europe/Amsterdam.`;
  }
  const seen = new Set<string>();
  for (const type of settings.Types) {
    if (seen.has(type.PermitType)) return `Permit type ${type.PermitType} is listed twice: give each type one set of gas rules.`;
    seen.add(type.PermitType);
    const gases = new Set<string>();
    for (const l of type.Limits) {
      if (gases.has(l.Gas)) return `${type.PermitType} has two limits for ${l.Gas}: give each gas one limit.`;
      gases.add(l.Gas);
      if (l.Low === null && l.High === null) return `The limit of ${l.Gas} for ${type.PermitType} has neither a lower nor an upper value: set at least one.`;
      if (l.Low !== null && l.High !== null && l.Low >= l.High) return `The limit of ${l.Gas} for ${type.PermitType} is empty: its lower value ${l.Low} is not below its upper value ${l.High}.`;
    }
    const missing = ['O2', 'LEL', 'H2S', 'CO'].filter((g) => !gases.has(g));
    if (missing.length) return `${type.PermitType} has no limit for ${missing.join(', ')}: every reading measures O2, LEL, H2S and CO, so each needs its limit.`;
  }
  return null;
}
