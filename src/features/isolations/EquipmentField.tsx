import { Combobox, Field, Option } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useReplica } from '../../app/replica';
import { useObservable } from '../../app/useObservable';
import { workOrders$ } from '../permits/permitQueries';

/** The picker's rows, as the work-order picker shows (SPEC §9). */
const ROWS = 8;

/**
 * The equipment isolated: typed, or picked from the assets of the work orders in the replica
 * (offline too), so a certificate names the asset as maintenance knows it.
 */
export function EquipmentField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const db = useReplica();
  const workOrders = useObservable(useMemo(() => workOrders$(db), [db]), []);
  const assets = useMemo(() => {
    const words = value.toLowerCase().split(/\s+/).filter(Boolean);
    const named = new Map(workOrders.filter((w) => w.assetNumber).map((w) => [w.assetNumber, `${w.assetNumber} ${w.assetDescription}`.trim()]));
    return [...named.values()].filter((text) => words.every((word) => text.toLowerCase().includes(word))).slice(0, ROWS);
  }, [workOrders, value]);
  return (
    <Field label="Equipment" required hint="The equipment or asset isolated, e.g. 10-P-101 Crude charge pump; the work orders' assets are offered as you type">
      <Combobox freeform value={value} onChange={(e) => onChange(e.target.value)} onOptionSelect={(_e, d) => d.optionText && onChange(d.optionText)}>
        {assets.map((text) => <Option key={text}>{text}</Option>)}
      </Combobox>
    </Field>
  );
}
