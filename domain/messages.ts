import { PRODUCT_NAME } from './constants';

/** The message catalogue of SPEC §8, word for word ("the product" is the product's name). */
export const messages = {
  signIn: {
    heading: `Sign in to ${PRODUCT_NAME}`,
    incorrect: 'Incorrect email address or password',
    unauthenticated: 'Your session has ended or you have not signed in yet. Please sign in to continue.',
    tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  signOut: {
    done: 'You are now signed out',
    help: 'Choose "Sign out - current user" when you have finished for the day and another user needs to sign in on this device.',
  },
  registration: {
    success: `User registration successful. Welcome to ${PRODUCT_NAME}`,
    mismatch: 'The details you provided do not match our system. Please contact your representative for assistance.',
    invalidLink:
      'The link you have clicked is invalid. Please close this window and click on the link in the email you received again.',
  },
  users: {
    invited: 'User invited successfully. They will receive an email with further instructions.',
    inviteFailed: 'There was a problem inviting the user, please try again',
    exists: 'User Exists',
    existsDetail: 'A user already exists with this email address.',
    invalidDetails: 'Invalid user details',
    loadListFailed: 'There was a problem loading users, please refresh and try again',
    loadFailed: 'There was a problem loading the user, please refresh and try again',
    updated: 'User updated successfully',
    invitationResent: 'Invitation resent successfully',
    resendFailed: 'There was a problem sending the invitation, please try again',
    deleted: 'User deleted successfully',
    deleteFailed: 'There was a problem deleting the user, please try again',
  },
  permits: {
    notFound: 'No Permit found. Please update your filter and try again.',
    rejected: 'Your have successfully rejected this permit',
    /** SPEC §8 words the one-permit case (typo included); the several-permits case follows it. */
    revoked: (count: number) => (count === 1 ? 'Your have successfully revoked this permit' : 'Your have successfully revoked these permits'),
    /** A failed reject, and (SPEC §8) a failed revoke too. */
    rejectFailed: 'There was a problem rejecting this permit, please try again.',
    workLocationUpdated: 'Work location updated successfully',
    loadFailed: 'There was an problem loading permits. Please refresh the page to try again.',
    /** The list's empty text: "click here" is the link that resets the filters. */
    noMatchFilters: { before: 'No permits matched the selected filters. Please update your selection or ', link: 'click here', after: ' to reset the filters.' },
    noMatchSearch: 'No permits matched the search query. Please adjust the filters and try again',
    performSearch: 'Perform a search using the filters in the sidebar and then press search.',
    yourApprovalRequired: 'Your Approval Required',
    /** The search page offline (DESIGN.md §4.8): the results come from the replica. */
    searchOffline: 'You are working offline: these results are from the permits on this device, not the whole system.',
  },
  filters: {
    created: 'Filter created successfully',
    updated: 'Filter updated successfully',
    deleted: 'Filter deleted successfully',
    createFailed: 'There was a problem while creating filter, please try again.',
    updateFailed: 'There was a problem while updating filter, please try again.',
    deleteFailed: 'There was a problem while deleting filter, please try again.',
    loadFailed: 'There was a problem while loading filters',
    confirmDelete: 'Are you sure, you want to delete filter ?',
    nameRequired: 'Filter name is required',
    limitReached: (max: number) => `You can save at most ${max} filters. Delete one to save another.`,
  },
  workOrders: {
    fetchFailed: 'There was a problem fetching the work order. Please refresh to try again.',
    listFailed: 'There was an problem loading workorders. Please refresh the page to try again.',
    noFilterMatch: 'No work orders matched the selected filters. Please update your selection or click here to reset the filters.',
    noSearchMatch: 'No work orders matched the search query. Please adjust the filters and try again',
    searchHint: 'Eg: UREA/CO2 AREA or SOFT-101C',
    pickerHint: 'Enter a number or detail',
  },
  attachments: {
    uploaded: 'Your attachment has been uploaded',
    uploadFailed: 'Uploading your attachment failed. Please try again',
    deleted: 'Your attachment has been deleted',
    deleteFailed: 'There was a problem deleting this attachment, please try again.',
    none: 'This permit has no attachments',
    confirmDelete: 'Are you sure you want to delete this attachment?',
    /** SPEC §8 Offline: attachments, like changes, sync when back online. */
    savedOffline: 'Your attachment is saved on this device and will upload automatically when you are back online.',
  },
  printing: {
    sent: 'Your permit has been sent to the printer.',
    queued: 'Printer is printing another job and your permit has been sent to the printer in queue.',
    failed: 'There was a problem printing this permit, please try again.',
    noPrinters: 'There are no printers available at this locaton.',
    appearsOffline: (name: string) => `${name} appears to be offline`,
  },
  locations: {
    homeUpdated: 'Home location updated successfully.',
    noneEnabled: `There are no locations enabled for ${PRODUCT_NAME} at your site.`,
  },
  sync: {
    /** The banner while the server wants a new sign-in before queued changes can be sent. */
    signInToSync: (changes: number) => `Sign in again to sync ${changes} ${changes === 1 ? 'change' : 'changes'}`,
    /** The header's badge while the server refuses a pull (a 4xx): the pulls wait for Refresh data. */
    pullStopped: 'Sync stopped',
    pullRefused: (reason: string) => `The server refused to send data: ${reason} Press Refresh data to try again.`,
  },
  lists: {
    keyRequired: 'Key is required',
    keyInvalid: 'Key can only include letters, numbers and underscores',
    keyExists: 'A list already exists with this key',
    labelRequired: 'Label is required',
    valueRequired: 'Value is required',
    valueExists: 'An item with this value already exists',
    /** SPEC §5 says a list needs one first item but words no message for it. */
    firstItemRequired: 'A list needs a first item: add its Label and Value.',
    added: 'List added successfully',
    deleted: 'List deleted successfully',
    itemAdded: 'Item added successfully',
    itemDeleted: 'Item deleted successfully',
    addFailed: 'There was a problem adding the list, please try again',
    deleteFailed: 'There was a problem deleting the list, please try again',
    itemAddFailed: 'There was a problem adding the item, please try again',
    itemDeleteFailed: 'There was a problem deleting the item, please try again',
  },
  permitCache: {
    cleared: 'Permit cache cleared',
    clearFailed: 'There was a problem while clearing permit cache, please try again',
    stateRequired: 'Please select at least one state',
    fromRequired: 'Please select From Date',
    invalidRange: 'Please select valid From and To Date',
    /** The date pickers cannot pick a future date (SPEC §5); the server words the same refusal. */
    future: 'Dates cannot be in the future',
  },
  /** SPEC §8 words nothing for printers: these follow its 'X added successfully' pattern. */
  printers: {
    added: 'Printer added successfully',
    nameRequired: 'Name is required',
    locationRequired: 'Please select a location',
    uriRequired: 'URI is required',
    uriInvalid: 'URI must start with ipp:// or ipps:// (for example ipp://printer.example:631/ipp/print), or be pdf-folder:name',
  },
  admin: {
    updated: 'Updated successfully',
    settingsFailed: 'There was a problem updating the settings, please try again',
    itemUpdateFailed: 'There was a problem updating the item, please try again',
  },
  templates: {
    commentAdded: 'Comment added successfully',
    commentFailed: 'There was a problem adding comment, please try again',
    copied: 'Template copied successfully',
    copyFailed: 'There was a problem copying template, please try again',
    created: 'Template created successfully',
    createFailed: 'There was a problem creating template, please try again',
    deleted: 'Template deleted successfully',
    deleteFailed: 'There was a problem deleting template, please try again',
    fetchFailed: 'There was a problem fetching templates, please try again',
    stateUpdated: 'Template state updated successfully',
    stateFailed: 'There was a problem updating template state, please try again',
    updated: 'Template updated successfully',
    updateFailed: 'There was a problem updating template, please try again',
  },
  forms: {
    /** A form saved from the builder, and a publish. */
    updated: 'Updated successfully',
    metadataRebuilt: 'Metadata rebuilt successfully',
  },
  plotPlans: {
    /** The dashboard map card with no permit to show (SPEC §2). */
    noPermits: 'No permits to display',
    /** SPEC §2 words the count with "(s)" whatever the number. */
    hidden: (count: number) => `Hiding ${count} permit(s) with no location set`,
    loadFailed: 'There was a problem loading the site map at this location',
    /** SPEC §5: the work location of the create page and the edit page's dialog. */
    noWorkLocation: 'No work location selected. Please move the marker to the work location',
    /** The position set on the create page's map (the edit page's saves say workLocationUpdated). */
    locationUpdated: 'Location updated successfully',
    /** The admin area's upload of a new version (issue 11; SPEC §8 words none, these follow its pattern). */
    uploaded: 'Plot plan uploaded successfully',
    uploadFailed: 'There was a problem uploading the plot plan, please try again',
    notAnImage: (name: string) => `${name} is not a PNG, JPEG, WebP or SVG image: choose the plot plan drawing in one of those formats.`,
    emptyFile: (name: string) => `${name} is empty: choose the plot plan drawing itself.`,
    tooLarge: (name: string, megabytes: number) => `${name} is larger than ${megabytes} MB, the most a plot plan image can be.`,
    nameTooLong: (max: number) => `The file name is longer than ${max} characters: rename the file and choose it again.`,
  },
  clipboard: {
    copy: 'Copy User Details',
    copied: 'Copied!',
    failed: 'Failed to copy details',
  },
} as const;
