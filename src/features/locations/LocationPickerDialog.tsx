import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { isSelectableLocation } from '../../../domain/abilities';
import { messages } from '../../../domain/messages';
import { useAppData } from '../../app/startup/appData';
import { PickLocationDialog } from './PickLocationDialog';
import { useHomeLocationUpdate } from './useHomeLocationUpdate';

interface LocationPickerDialogProps {
  open: boolean;
  onClose(): void;
  /** After the new home location was saved on the device (it syncs from there). */
  onUpdated?(): void;
}

/** 'Update Location': choose a new home location in the tree and save it (SPEC §2). */
export function LocationPickerDialog({ open, onClose, onUpdated }: LocationPickerDialogProps) {
  const { data } = useAppData();
  const update = useHomeLocationUpdate();
  const noneSelectable = !data.locations.some((l) => isSelectableLocation(data.profile, data.tree, l.LocationId));
  return (
    <PickLocationDialog
      open={open}
      title="Update Location"
      revealId={data.profile.Preferences.HomeLocationId}
      notice={
        noneSelectable ? (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{messages.locations.noneEnabled}</MessageBarBody>
          </MessageBar>
        ) : null
      }
      onPick={async (locationId) => {
        await update(locationId);
        onUpdated?.();
      }}
      onClose={onClose}
    />
  );
}
