import { Dropdown, Field, Input, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { memo } from 'react';
import { LIST_FILTERS, type ListFilter, type ListQuery } from '../../../../domain/permits/permitFilter';
import { PERMIT_STATES } from '../../../../schemas';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  text: { minWidth: '240px', flexGrow: 1 },
  // The text box's own layout root: a key typed lays out the box alone, where the page's flex and
  // grid containers around it were laid out again from the document down (issue 13). Fluent's
  // medium Input is 32px high; a flex or grid item (the Field's) cannot be a layout root, so the
  // box sits in a block in one. Not paint: it would clip the focus outline forced colours show.
  textBox: { contain: 'size layout', height: '32px' },
  input: { display: 'flex' },
  states: { minWidth: '220px' },
});

interface Props {
  query: ListQuery;
  /** A key in the text box. */
  onType(text: string): void;
  /** A choice of the other filters; the same function while keys are typed. */
  onChoose(fields: Partial<ListQuery>): void;
  expanded: boolean;
  onExpanded(expanded: boolean): void;
}

/** The filter bar of /permits/list: text, filter choice, states, work date and 'Expand All Cards'. */
export function ListFilterBar({ query, onType, onChoose, expanded, onExpanded }: Props) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="search">
      <Field label="Filter permits" className={styles.text}>
        <div>
          <div className={styles.textBox}>
            <Input
              className={styles.input}
              contentBefore={<SearchRegular />}
              value={query.text}
              placeholder="Reference, work order, location, company, asset…"
              autoComplete="off"
              spellCheck={false}
              onChange={(_e, d) => onType(d.value)}
            />
          </div>
        </div>
      </Field>
      <Choices filter={query.filter} states={query.states} workDate={query.workDate} onChoose={onChoose} expanded={expanded} onExpanded={onExpanded} />
    </div>
  );
}

type ChoicesProps = Pick<ListQuery, 'filter' | 'states' | 'workDate'> & Pick<Props, 'onChoose' | 'expanded' | 'onExpanded'>;

/** Memoised: a key typed in the text box leaves these (a third of the list's render) as they are. */
const Choices = memo(function Choices({ filter, states, workDate, onChoose, expanded, onExpanded }: ChoicesProps) {
  const styles = useStyles();
  return (
    <>
      <Field label="Show">
        <Dropdown value={LIST_FILTERS[filter]} selectedOptions={[filter]} onOptionSelect={(_e, d) => onChoose({ filter: d.optionValue as ListFilter })}>
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
          value={states.join(', ')}
          selectedOptions={[...states]}
          onOptionSelect={(_e, d) => d.selectedOptions.length > 0 && onChoose({ states: d.selectedOptions })}
        >
          {PERMIT_STATES.map((state) => (
            <Option key={state} value={state}>
              {state}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Work date">
        <Input type="date" value={workDate} onChange={(_e, d) => onChoose({ workDate: d.value })} />
      </Field>
      <Switch label="Expand All Cards" checked={expanded} onChange={(_e, d) => onExpanded(d.checked)} />
    </>
  );
});
