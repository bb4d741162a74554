-- A handover's sync row is restamped by each addition and nothing else: its area, site and shift
-- are those it was submitted with (022 keeps the rest append-only). Never deleted either.
create function handovers_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (new.handover_id, new.site_id, new.location_id, new.shift_end, new.deleted)
                          is not distinct from (old.handover_id, old.site_id, old.location_id, old.shift_end, old.deleted) then
    return new;
  end if;
  raise exception 'handovers keeps each handover where and when it was handed over: % is refused. Add an addendum instead.', tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger handovers_no_change before update or delete on handovers for each row execute function handovers_keep();
create trigger handovers_no_truncate before truncate on handovers for each statement execute function handover_append_only();
