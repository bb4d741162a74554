import {
  Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Menu, MenuItem, MenuList, MenuPopover,
  MenuTrigger, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { MAX_SAVED_FILTERS } from '../../../../domain/constants';
import { messages } from '../../../../domain/messages';
import type { SearchFilter } from '../../../../domain/permits/permitSearch';
import type { SavedFilter } from '../../../../schemas';
import { FilterNameDialog } from './FilterNameDialog';
import { useSavedFilters } from './useSavedFilters';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

type Open = { kind: 'create' } | { kind: 'rename'; filter: SavedFilter } | { kind: 'delete'; filter: SavedFilter } | null;

/** A saved filter keeps what the sidebar holds, but not a work order carried in by a link. */
const toSaved = ({ workOrderNumber: _omit, ...filter }: SearchFilter): SavedFilter['Filter'] => filter;

/** The saved filters of /permits/search: apply, save the current filters, update, rename, delete. */
export function SavedFiltersPanel({ current, onApply }: { current: SearchFilter; onApply(filter: SearchFilter): void }) {
  const styles = useStyles();
  const saved = useSavedFilters();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <section className={styles.root} aria-label="Saved filters">
      <Subtitle2 as="h2">Saved filters</Subtitle2>
      {saved.filters === null ? (
        <MessageBar intent="error">
          <MessageBarBody>{messages.filters.loadFailed}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {saved.filters.length === 0 && <Caption1>No saved filters yet.</Caption1>}
          {saved.filters.map((f) => (
            <div key={f.Id} className={styles.row}>
              <Button appearance="transparent" onClick={() => onApply(f.Filter)} aria-label={`Apply filter ${f.Name}`}>
                {f.Name}
              </Button>
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`Actions for filter ${f.Name}`} />
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    <MenuItem onClick={() => onApply(f.Filter)}>Apply</MenuItem>
                    <MenuItem onClick={() => void saved.update(f.Id, { Filter: toSaved(current) })}>Update with current filters</MenuItem>
                    <MenuItem onClick={() => setOpen({ kind: 'rename', filter: f })}>Rename</MenuItem>
                    <MenuItem onClick={() => setOpen({ kind: 'delete', filter: f })}>Delete</MenuItem>
                  </MenuList>
                </MenuPopover>
              </Menu>
            </div>
          ))}
          <Button onClick={() => setOpen({ kind: 'create' })} disabled={!saved.canCreate}>
            Save current filters
          </Button>
          {!saved.canCreate && <Caption1>{messages.filters.limitReached(MAX_SAVED_FILTERS)}</Caption1>}
        </>
      )}
      {open?.kind === 'create' && (
        <FilterNameDialog title="Create Filter" action="Save" initialName="" onClose={close} onSave={(name) => void saved.create(name, toSaved(current)).then(close)} />
      )}
      {open?.kind === 'rename' && (
        <FilterNameDialog title="Edit Filter" action="Update" initialName={open.filter.Name} onClose={close} onSave={(name) => void saved.update(open.filter.Id, { Name: name }).then(close)} />
      )}
      {open?.kind === 'delete' && (
        <Dialog open onOpenChange={(_e, d) => !d.open && close()}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Delete Filter</DialogTitle>
              <DialogContent>
                <Body1>{messages.filters.confirmDelete}</Body1>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => void saved.remove(open.filter.Id).then(close)}>
                  Delete
                </Button>
                <Button onClick={close}>Cancel</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </section>
  );
}
