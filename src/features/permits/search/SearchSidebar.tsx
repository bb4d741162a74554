import { Button, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent } from 'react';
import { MAX_SEARCH_TERMS } from '../../../../domain/constants';
import { DATE_TYPES, type DateType, type SearchFilter } from '../../../../domain/permits/permitSearch';
import { PERMIT_STATES } from '../../../../schemas';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  dates: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface Props {
  filter: SearchFilter;
  onChange(filter: SearchFilter): void;
  onSearch(): void;
  onClear(): void;
  locations: { id: number; title: string }[];
  permitTypes: { Name: string; Label: string }[];
  today: string;
}

/** The sidebar filters of /permits/search (SPEC §2, §3 saved-filter fields). */
export function SearchSidebar({ filter, onChange, onSearch, onClear, locations, permitTypes, today }: Props) {
  const styles = useStyles();
  const terms = Array.from({ length: MAX_SEARCH_TERMS }, (_, i) => filter.searchTerms?.[i] ?? '');
  const set = (patch: Partial<SearchFilter>) => onChange({ ...filter, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const dateType = filter.dateType ?? 'custom';
  const location = locations.find((l) => l.id === filter.locationId);
  return (
    <form className={styles.root} onSubmit={submit} aria-label="Search filters">
      {terms.map((term, i) => (
        <Field key={i} label={`Search term ${i + 1}`}>
          <Input value={term} onChange={(_e, d) => set({ searchTerms: terms.map((t, j) => (j === i ? d.value : t)) })} />
        </Field>
      ))}
      <Field label="Permit type">
        <Dropdown
          multiselect
          value={permitTypes.filter((t) => filter.PermitType?.includes(t.Name)).map((t) => t.Label).join(', ')}
          selectedOptions={filter.PermitType ?? []}
          onOptionSelect={(_e, d) => set({ PermitType: d.selectedOptions })}
        >
          {permitTypes.map((t) => (
            <Option key={t.Name} value={t.Name}>
              {t.Label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="State">
        <Dropdown multiselect value={(filter.State ?? []).join(', ')} selectedOptions={filter.State ?? []} onOptionSelect={(_e, d) => set({ State: d.selectedOptions })}>
          {PERMIT_STATES.map((s) => (
            <Option key={s} value={s}>
              {s}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Date type">
        <Dropdown value={DATE_TYPES[dateType]} selectedOptions={[dateType]} onOptionSelect={(_e, d) => set({ dateType: d.optionValue as DateType })}>
          {Object.entries(DATE_TYPES).map(([value, label]) => (
            <Option key={value} value={value}>
              {label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {dateType === 'custom' && (
        <div className={styles.dates}>
          <Field label="From date">
            <Input type="date" max={today} value={filter.fromDate ?? ''} onChange={(_e, d) => set({ fromDate: d.value || null })} />
          </Field>
          <Field label="To date">
            <Input type="date" value={filter.toDate ?? ''} onChange={(_e, d) => set({ toDate: d.value || null })} />
          </Field>
        </div>
      )}
      <Field label="Location">
        <Dropdown value={location?.title ?? ''} selectedOptions={location ? [String(location.id)] : []} onOptionSelect={(_e, d) => set({ locationId: Number(d.optionValue) })}>
          {locations.map((l) => (
            <Option key={l.id} value={String(l.id)}>
              {l.title}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Work order #">
        <Input value={filter.workOrderNumber ?? ''} onChange={(_e, d) => set({ workOrderNumber: d.value })} />
      </Field>
      <Field label="Permit issuer">
        <Input value={filter.permitIssuer ?? ''} onChange={(_e, d) => set({ permitIssuer: d.value })} />
      </Field>
      <Field label="Permit receiver">
        <Input value={filter.permitReceiver ?? ''} onChange={(_e, d) => set({ permitReceiver: d.value })} />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit">
          Search
        </Button>
        <Button onClick={onClear}>Clear Filters</Button>
      </div>
    </form>
  );
}
