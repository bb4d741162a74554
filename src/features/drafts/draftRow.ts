import type { Draft } from '../../../schemas';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The derived columns of a draft (SPEC §3): read from its sub-forms by the seeded keys; the work
 * description is listed per parent form when there are several.
 */
export function draftRow(draft: Draft): { workDate: string; workOrderNumber: string; workDescription: string } {
  const forms = Object.entries(draft.PermitContent).map(([name, data]) => ({ name, data: (data ?? {}) as Record<string, unknown> }));
  const first = (key: string) => forms.map((f) => text(f.data[key])).find(Boolean) ?? '';
  const descriptions = forms.filter((f) => text(f.data.jobDescription));
  return {
    workDate: first('validFrom').slice(0, 10),
    workOrderNumber: first('workOrderNumber'),
    workDescription: descriptions.map((f) => (descriptions.length > 1 ? `${f.name}: ${text(f.data.jobDescription)}` : text(f.data.jobDescription))).join(' · '),
  };
}
