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
  },
  locations: {
    homeUpdated: 'Home location updated successfully.',
    noneEnabled: `There are no locations enabled for ${PRODUCT_NAME} at your site.`,
  },
  sync: {
    /** The banner while the server wants a new sign-in before queued changes can be sent. */
    signInToSync: (changes: number) => `Sign in again to sync ${changes} ${changes === 1 ? 'change' : 'changes'}`,
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
  clipboard: {
    copy: 'Copy User Details',
    copied: 'Copied!',
    failed: 'Failed to copy details',
  },
} as const;
