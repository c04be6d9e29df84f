export { CancellationPolicyEditor, type CancellationPolicyEditorProps } from './cancellation-policy';
export { savablePolicyRows, isSavablePolicyRow, samePolicy, POLICY_TABLE_HEIGHT, POLICY_HOURS_MAX, POLICY_PERCENTS_MAX, type PolicyRow } from './cancellation-policy.logic';
