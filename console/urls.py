from django.contrib import admin
from django.urls import include, path

from . import views
from .views import audit_log, auth, cases, dashboard, knowledge, review

# The operator console, namespace "console". Every view here is wrapped in
# console.roles.requires (or marked public: sign-in and sign-out); tests/console walk this
# list to check it.
console_patterns = [
    path("accounts/login/", auth.login, name="login"),
    path("accounts/logout/", auth.logout, name="logout"),
    path("accounts/two-factor/", auth.two_factor_setup, name="two-factor"),
    path("cases/", cases.case_list, name="case-list"),
    path("cases/api/", cases.case_list_api, name="case-list-api"),
    path("cases/<int:case_id>/", cases.case_detail, name="case-detail"),
    path("cases/<int:case_id>/api/", cases.case_detail_api, name="case-detail-api"),
    path("cases/<int:case_id>/claim/", cases.claim, name="case-claim"),
    path("cases/<int:case_id>/assign/", cases.assign, name="case-assign"),
    path("cases/<int:case_id>/reply/", cases.reply, name="case-reply"),
    path("cases/<int:case_id>/close/", cases.close, name="case-close"),
    path("cases/<int:case_id>/label/", cases.label, name="case-label"),
    path("cases/<int:case_id>/hand-back/", cases.hand_back, name="case-hand-back"),
    path("cases/<int:case_id>/note/", cases.note, name="case-note"),
    path("cases/export.csv", cases.export_csv, name="case-export"),
    path("queue/", cases.queue_page, name="queue"),
    path("queue/api/", cases.queue_api, name="queue-api"),
    path("knowledge/", knowledge.pack_list, name="packs"),
    path("knowledge/<slug:pack>/", knowledge.pack_detail, name="pack-detail"),
    path("knowledge/<slug:pack>/link/", knowledge.link_edit, name="link-edit"),
    path("knowledge/<slug:pack>/versions/", knowledge.version_list, name="pack-versions"),
    path(
        "knowledge/<slug:pack>/versions/<int:version_id>/",
        knowledge.version_diff,
        name="version-diff",
    ),
    path(
        "knowledge/<slug:pack>/versions/<int:version_id>/rollback/",
        knowledge.rollback,
        name="version-rollback",
    ),
    path("knowledge/<slug:pack>/refit/", knowledge.refit, name="refit"),
    path("knowledge/<slug:pack>/review/", review.review_page, name="pack-review"),
    path("knowledge/<slug:pack>/review/action/", review.review_action, name="pack-review-action"),
    path("documents/<path:doc_id>", knowledge.document, name="document"),
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("audit/", audit_log.audit_log, name="audit"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("", include((console_patterns, "console"))),
    path("", include("bots.urls")),
]

handler403 = "console.views.auth.forbidden"
