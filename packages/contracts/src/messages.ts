/**
 * The one message catalogue (SPEC.md sections 5 and 8). Keys are translation keys used by
 * the web's i18next resources; values are the English texts the API answers with.
 * `{name}` placeholders are filled by `formatMessage`.
 */
export const MESSAGES = {
  'VALIDATION.REQUIRED': '{field} is required',
  'VALIDATION.NOT_VALID': '{field} is not valid',
  'VALIDATION.MIN_LENGTH': '{field} should have at least {min} characters',
  'VALIDATION.MAX_LENGTH': '{field} should have at most {max} characters',
  'VALIDATION.WRONG_EMAIL_FORMAT': 'Wrong email format',
  'VALIDATION.MIN_SYMBOLS': 'Minimum {min} symbols',
  'VALIDATION.MAX_SYMBOLS': 'Maximum {max} symbols',
  'VALIDATION.ACCEPT_TERMS': 'You must accept the terms and conditions',
  'VALIDATION.ACCEPT_TERMS_REQUIRED': 'Accepting terms & conditions are required',
  'VALIDATION.PASSWORD_MISMATCH': "Password and Confirm Password didn't match",
  'VALIDATION.PASSWORD_CONFIRMATION_REQUIRED': 'Password confirmation is required',
  'VALIDATION.NOT_FOUND': 'The requested {field} is not found',
  'VALIDATION.PERMISSION_NOT_HELD': 'You cannot grant permissions you do not hold',
  'VALIDATION.NAME_TAKEN': 'A {field} with this name already exists',
  'VALIDATION.SAME_PASSWORD': 'The new password must differ from the current one',
  'VALIDATION.CURRENT_PASSWORD_WRONG': 'The current password is incorrect',
  'AUTH.VALIDATION.REQUIRED_FIELD': 'Required field',
  'AUTH.VALIDATION.INVALID_FIELD': 'Field is not valid',
  'AUTH.VALIDATION.MIN_LENGTH_FIELD': 'Minimum field length:',
  'AUTH.VALIDATION.MAX_LENGTH_FIELD': 'Maximum field length:',
  'AUTH.VALIDATION.INVALID_LOGIN': 'The login detail is incorrect',
  'AUTH.VALIDATION.TOKEN_INVALID': 'Token has either expired or not valid',
  'AUTH.ACCOUNT_PENDING': 'Your account is awaiting approval by a system administrator',
  'AUTH.ACCOUNT_INACTIVE': 'Your account has been deactivated. Please contact your administrator',
  'AUTH.TOO_MANY_ATTEMPTS': 'Too many attempts. Please try again later',
  'AUTH.SESSION_EXPIRED': 'Session expired. Please login again',
  'AUTH.UNAUTHORIZED': 'Unauthorized',
  'AUTH.FORBIDDEN': 'You do not have permission to do this',
  'AUTH.RESET_SUCCESS': 'Your account has been successfully reset',
  'AUTH.REGISTERED_SUCCESS': 'Your account has been successfuly registered',
  'AUTH.FORGOT_SENT': 'If an account exists for this email, a reset link has been sent to it',
  'AUTH.PASSWORD_CHANGED': 'Your password has been changed',
  'REGISTER.SUCCESS': 'Registration successfully submited. A system adminstrator will contact you soon for approval of your account.',
  'REGISTER.FAILURE':
    'Error occurred while trying to register user. This is usually because the email already exist in the system. Please try again with another valid email.',
  'FAULT.SUCCESS': 'Fault report has been successfully submitted.',
  'ERROR.GENERIC': 'Error occurred. Please try again.',
  'ERROR.NOT_FOUND_PAGE': 'OOPS! Something went wrong here',
  'ERROR.INTERNAL': 'Something went wrong on our side. Please try again.',
  'ERROR.CONFLICT': 'This record was changed by someone else. Reload and try again.',
  'ERROR.TOO_LARGE': 'The file is too large',
  'ERROR.UNSUPPORTED_TYPE': 'This type of file is not supported',
  'USER.CREATED': 'The user has been created and emailed a link to set a password',
  'USER.UPDATED': 'The user has been updated',
  'USER.DEACTIVATED': 'The user has been deactivated',
  'USER.REACTIVATED': 'The user has been reactivated',
  'USER.CANNOT_DEACTIVATE_SELF': 'You cannot deactivate your own account',
  'USER.EMAIL_TAKEN': 'This email is already in use',
  'USER.ALREADY_INACTIVE': 'This user is already deactivated',
  'USER.ALREADY_ACTIVE': 'This user is already active',
  'ROLE.CREATED': 'The role has been created',
  'ROLE.UPDATED': 'The role permissions have been updated',
  'ROLE.SYSTEM_READONLY': 'System roles cannot be changed',
  'REGISTRATION.APPROVED': 'The registration has been approved and the user emailed a link to set a password',
  'REGISTRATION.REJECTED': 'The registration has been rejected',
  'REGISTRATION.NOT_PENDING': 'This registration has already been decided',
  'REGISTER.SINGLE_CATEGORY': 'An individual account may choose only one category',
  'CATEGORY.CREATED': 'The category has been created',
  'SETTINGS.SAVED': 'Your settings have been saved',
  'PROFILE.UPDATED': 'Your profile has been updated',
  'VALIDATION.CODE_TAKEN': '{field} is already in use',
  'VALIDATION.SUB_CATEGORY_MISMATCH': 'The sub-category does not belong to the chosen category',
  'VALIDATION.DATE_ORDER': '{field} cannot be before {other}',
  'CLUSTER.CREATED': 'The cluster has been created',
  'CLUSTER.UPDATED': 'The cluster has been updated',
  'CLUSTER.DELETED': 'The cluster has been deleted',
  'CLUSTER.NOT_EMPTY': 'This cluster still has assets. Move or remove them first',
  'ASSET.CREATED': 'The asset has been created',
  'ASSET.UPDATED': 'The asset has been updated',
  'ASSET.DECOMMISSIONED': 'The asset has been decommissioned',
  'ASSET.ALREADY_DECOMMISSIONED': 'This asset is already decommissioned',
  'ASSET.DECOMMISSIONED_STATUS': 'A decommissioned asset cannot change its status',
  'ASSIGNMENT.TARGET_REQUIRED': 'Choose at least one asset or cluster',
  'ASSIGNMENT.ASSIGNED': 'The assignment has been saved',
  'ASSIGNMENT.UNASSIGNED': 'The assignment has been taken back',
  'ASSIGNMENT.ALREADY_ASSIGNED': '{target} is already assigned to a provider. Take it back first',
  'ASSIGNMENT.CLUSTER_ASSETS_ASSIGNED': 'Some assets of {target} are assigned to another provider. Take them back first',
  'ASSIGNMENT.NOT_ASSIGNED': '{target} is not assigned, so there is nothing to take back',
  'ASSIGNMENT.TECHNICIAN_ALREADY_ASSIGNED': 'This technician is already assigned to {target}',
  // Files (add FILE.* keys here)
  // SLAs (add SLA.* keys here)
  // Bulk import (add IMPORT.* keys here)
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A translator: the API passes `formatMessage`, the web passes i18next's `t`. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function formatMessage(key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
