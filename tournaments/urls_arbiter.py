app_name = "arbiter"
urlpatterns = []
