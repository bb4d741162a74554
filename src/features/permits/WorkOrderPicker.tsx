import { Combobox, Field, Option } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { WorkOrder } from '../../../schemas';

/** The content fields a chosen work order fills in every sub-form, on the create and the edit page. */
export const workOrderFields = (w: WorkOrder) => ({ workOrderNumber: w.workOrderNumber, assetNumber: w.assetNumber, assetDescription: w.assetDescription });

/** The dropdown shows up to 8 rows (SPEC §9). */
const MAX_OPTIONS = 8;

interface Props {
  workOrders: readonly WorkOrder[];
  value: string;
  onSelect(workOrder: WorkOrder): void;
}

/** Picks a work order of the replica by number or by any detail (description, asset). */
export function WorkOrderPicker({ workOrders, value, onSelect }: Props) {
  const [query, setQuery] = useState(value);
  const matches = useMemo(() => {
    const text = query.trim().toLowerCase();
    const hit = (w: WorkOrder) => [w.workOrderNumber, w.workOrderDescription, w.assetNumber, w.assetDescription].some((f) => f.toLowerCase().includes(text));
    return workOrders.filter(hit).slice(0, MAX_OPTIONS);
  }, [query, workOrders]);
  return (
    <Field label="Work order" hint="Enter a number or detail">
      <Combobox
        freeform
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onOptionSelect={(_e, d) => {
          const chosen = workOrders.find((w) => w.workOrderNumber === d.optionValue);
          if (chosen) {
            setQuery(chosen.workOrderNumber);
            onSelect(chosen);
          }
        }}
      >
        {matches.map((w) => (
          <Option key={w.workOrderNumber} value={w.workOrderNumber} text={w.workOrderNumber}>
            {`${w.workOrderNumber} — ${w.workOrderDescription}`}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
