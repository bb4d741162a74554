import { Dropdown, Field, Input, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { LIST_FILTERS, type ListFilter, type ListQuery } from '../../../../domain/permits/permitFilter';
import { PERMIT_STATES } from '../../../../schemas';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  text: { minWidth: '240px', flexGrow: 1 },
  states: { minWidth: '220px' },
});

interface Props {
  query: ListQuery;
  onChange(query: ListQuery): void;
  expanded: boolean;
  onExpanded(expanded: boolean): void;
}

/** The filter bar of /permits/list: text, filter choice, states, work date and 'Expand All Cards'. */
export function ListFilterBar({ query, onChange, expanded, onExpanded }: Props) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="search">
      <Field label="Filter permits" className={styles.text}>
        <Input
          contentBefore={<SearchRegular />}
          value={query.text}
          placeholder="Reference, work order, location, company, asset…"
          onChange={(_e, d) => onChange({ ...query, text: d.value })}
        />
      </Field>
      <Field label="Show">
        <Dropdown
          value={LIST_FILTERS[query.filter]}
          selectedOptions={[query.filter]}
          onOptionSelect={(_e, d) => onChange({ ...query, filter: d.optionValue as ListFilter })}
        >
          {Object.entries(LIST_FILTERS).map(([value, label]) => (
            <Option key={value} value={value}>
              {label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="State" className={styles.states}>
        <Dropdown
          multiselect
          value={query.states.join(', ')}
          selectedOptions={[...query.states]}
          onOptionSelect={(_e, d) => d.selectedOptions.length > 0 && onChange({ ...query, states: d.selectedOptions })}
        >
          {PERMIT_STATES.map((state) => (
            <Option key={state} value={state}>
              {state}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Work date">
        <Input type="date" value={query.workDate} onChange={(_e, d) => onChange({ ...query, workDate: d.value })} />
      </Field>
      <Switch label="Expand All Cards" checked={expanded} onChange={(_e, d) => onExpanded(d.checked)} />
    </div>
  );
}
