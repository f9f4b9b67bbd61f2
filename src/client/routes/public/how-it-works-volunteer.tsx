import { HowItWorks } from "./how-it-works.tsx";

export default function HowItWorksVolunteerPage() {
  return <HowItWorks page="howItWorksVolunteer" area="volunteers" />;
}
