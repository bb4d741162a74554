import { Combobox, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import type { WorkOrder } from '../../../schemas';
import { useWorkOrderOptions } from './useWorkOrderOptions';

/** The content fields a chosen work order fills in every sub-form, on the create and the edit page. */
export const workOrderFields = (w: WorkOrder) => ({ workOrderNumber: w.workOrderNumber, assetNumber: w.assetNumber, assetDescription: w.assetDescription });

interface Props {
  workOrders: readonly WorkOrder[];
  value: string;
  onSelect(workOrder: WorkOrder): void;
}

/**
 * Picks a work order by number or by any detail (description, asset): the replica's, else the
 * server's when online (SPEC §2, §9: 500 ms throttle, 8 rows).
 */
export function WorkOrderPicker({ workOrders, value, onSelect }: Props) {
  const [query, setQuery] = useState(value);
  const { options, searching } = useWorkOrderOptions(workOrders, query);
  return (
    <Field label="Work order" hint={messages.workOrders.pickerHint}>
      <Combobox
        freeform
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onOptionSelect={(_e, d) => {
          const chosen = options.find((w) => w.workOrderNumber === d.optionValue);
          if (chosen) {
            setQuery(chosen.workOrderNumber);
            onSelect(chosen);
          }
        }}
      >
        {searching && <Option disabled value="" text="">Searching the server…</Option>}
        {options.map((w) => (
          <Option key={w.workOrderNumber} value={w.workOrderNumber} text={w.workOrderNumber}>
            {`${w.workOrderNumber} — ${w.workOrderDescription}`}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
