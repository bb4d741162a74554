-- Invitations of external users (issue 5). Each invitation link is signed over this nonce:
-- a resend replaces it and a registration or deletion clears it, so every earlier link stops working.
alter table users add column invitation_nonce text;

-- The admin area lists the external users of the sites the caller administers.
create index users_kind_site on users (kind, site_id);
