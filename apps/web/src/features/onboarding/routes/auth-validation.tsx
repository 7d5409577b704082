import { PageLoader } from '../../../components/ui/page-loader';

// Transitional screen after sign-in (SPEC.md section 2); its steps arrive with the onboarding issue.
function AuthValidationRoute() {
  return <PageLoader label="Setting up your account..." />;
}

export { AuthValidationRoute as Component };
